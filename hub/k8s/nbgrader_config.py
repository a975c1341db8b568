"""Every user's nbgrader in the course's image (hub/k8s/Dockerfile): the course and its exchange.

The exchange is a volume that every user's pod mounts at /srv/nbgrader/exchange (a
ReadWriteMany volume: hub/k8s/values.yaml). Each pod's user is jovyan: nbgrader then takes the
student's name from JUPYTERHUB_USER, which the hub sets.
"""

c = get_config()  # noqa: F821 (nbgrader's config loader defines it)

c.CourseDirectory.course_id = "gamesolver"
c.Exchange.root = "/srv/nbgrader/exchange"
