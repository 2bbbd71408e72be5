"""Tools for developers and technicians, not part of the running app: the load
generator (``manage.py loadtest``) and the school-year benchmark
(``manage.py bench_teacher_pages``). Their extra requirements are in
requirements-dev.txt."""
