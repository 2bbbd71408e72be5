"""deploy/kubernetes/, checked offline against Kubernetes' own schemas (strict:
an unknown or misspelt field fails) and read for what a school relies on."""

from __future__ import annotations

from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from deploy.tests.readme import readme_settings

MANIFESTS = Path(__file__).resolve().parents[1] / "kubernetes"
# The oldest Kubernetes still maintained when this was written, and the newest known.
VERSIONS = ["1.31.0", "1.37.0"]


def documents() -> list[dict]:
    return [
        document
        for path in sorted(MANIFESTS.glob("*.yaml"))
        for document in yaml.safe_load_all(path.read_text())
        if document
    ]


def resource(kind: str, name: str) -> dict:
    found = [d for d in documents() if d["kind"] == kind and d["metadata"]["name"] == name]
    assert len(found) == 1, f"{kind}/{name}"
    return found[0]


@pytest.mark.parametrize("version", VERSIONS)
def test_every_manifest_is_valid_kubernetes(version):
    for document in documents():
        kubernetes_validate.validate(document, version, strict=True)


def test_a_misspelt_field_is_caught():
    deployment = resource("Deployment", "lettergrid-web")
    deployment["spec"]["replica"] = deployment["spec"].pop("replicas")
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSIONS[-1], strict=True)


def test_the_web_deployment_has_replicas_and_probes_on_healthz():
    spec = resource("Deployment", "lettergrid-web")["spec"]
    assert spec["replicas"] >= 2
    assert spec["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    (daphne,) = spec["template"]["spec"]["containers"]
    assert daphne["readinessProbe"]["httpGet"]["path"] == "/healthz"
    # A database outage must not restart every pod: liveness only needs the port.
    assert "tcpSocket" in daphne["livenessProbe"]


def test_the_ingress_serves_https_to_the_service_and_keeps_sockets_open():
    ingress = resource("Ingress", "lettergrid")
    service = resource("Service", "lettergrid-web")
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == service["metadata"]["name"]
    assert backend["port"]["name"] in {port["name"] for port in service["spec"]["ports"]}
    assert ingress["spec"]["tls"][0]["hosts"] == [ingress["spec"]["rules"][0]["host"]]
    annotations = ingress["metadata"]["annotations"]
    assert int(annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600


def test_migrations_run_as_a_job_on_the_same_settings():
    job = resource("Job", "lettergrid-migrate")["spec"]["template"]["spec"]
    web = resource("Deployment", "lettergrid-web")["spec"]["template"]["spec"]
    assert job["containers"][0]["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert job["containers"][0]["image"] == web["containers"][0]["image"]
    assert job["containers"][0]["envFrom"] == web["containers"][0]["envFrom"]


def test_housekeeping_is_a_daily_cronjob_on_the_same_image_and_settings():
    cron = resource("CronJob", "lettergrid-housekeeping")["spec"]
    web = resource("Deployment", "lettergrid-web")["spec"]["template"]["spec"]
    (job,) = cron["jobTemplate"]["spec"]["template"]["spec"]["containers"]
    assert job["command"] == ["python", "manage.py", "housekeeping"]
    assert job["image"] == web["containers"][0]["image"]
    assert job["envFrom"] == web["containers"][0]["envFrom"]
    assert cron["concurrencyPolicy"] == "Forbid"
    minute, hour, *every_day = cron["schedule"].split()
    assert every_day == ["*", "*", "*"] and 0 <= int(hour) < 24 and 0 <= int(minute) < 60
    config = resource("ConfigMap", "lettergrid-config")["data"]
    assert cron["timeZone"] == config["TIME_ZONE"]


def test_postgres_and_redis_are_external_and_every_setting_is_given():
    assert resource("Service", "lettergrid-postgres")["spec"]["type"] == "ExternalName"
    assert resource("Service", "lettergrid-redis")["spec"]["type"] == "ExternalName"
    config = resource("ConfigMap", "lettergrid-config")["data"]
    secret = resource("Secret", "lettergrid-secrets")["stringData"]
    assert set(config).isdisjoint(secret)
    missing = [name for name in readme_settings() if name not in {**config, **secret}]
    assert missing == []
    assert "@lettergrid-postgres:" in secret["DATABASE_URL"]
    assert "//lettergrid-redis:" in config["REDIS_URL"]
