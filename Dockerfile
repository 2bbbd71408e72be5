# Lettergrid web process: daphne serving HTTP and websockets.
FROM python:3.13-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app

COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .
# The static files with content-hashed names in staticfiles/, served by WhiteNoise
# (boggleweb/static.py). A numeric user, so that Kubernetes' runAsNonRoot can check it.
RUN python manage.py collectstatic --noinput -v0 \
    && useradd --create-home --uid 10001 lettergrid \
    && mkdir -p /app/var && chown -R lettergrid /app/var
USER 10001

EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "--proxy-headers", "boggleweb.asgi:application"]
