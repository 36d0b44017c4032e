"""nginx (Debian's nginx-light) as a benchmark's local web server, started and stopped by the bench."""

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

CONF = """{user}worker_processes {workers};
daemon off;
error_log {work}/error.log;
pid {work}/nginx.pid;
events {{ worker_connections 1024; }}
http {{
  client_body_temp_path {work}/tmp;
  proxy_temp_path {work}/tmp;
  fastcgi_temp_path {work}/tmp;
  uwsgi_temp_path {work}/tmp;
  scgi_temp_path {work}/tmp;
{http}
}}
"""


def serve(nginx, work, http, workers=1):
    """Starts nginx with its own files in `work` and `http` (the body of its `http` block, with `{port}` and
    `{work}` to fill in) on a free port of 127.0.0.1. Returns (stop, port) once it accepts connections;
    stops the bench with nginx's error log if it has not within 10 s."""
    work = Path(work).resolve()
    (work / "tmp").mkdir(parents=True, exist_ok=True)
    with socket.socket() as probe:  # a free port, for nginx to listen on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    conf = work / "nginx.conf"
    # Started as root, nginx's workers would run as `nobody`, who cannot read a checkout in a private folder
    # (mktemp -d makes it 0700): they answer 403. They run as the user who started the bench instead.
    user = "user root;\n" if os.geteuid() == 0 else ""
    conf.write_text(CONF.format(user=user, workers=workers, work=work, http=http.format(port=port, work=work)))
    process = subprocess.Popen([nginx, "-p", str(work), "-c", str(conf)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop():
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    deadline = time.monotonic() + 10
    while True:
        if process.poll() is not None or time.monotonic() > deadline:
            stop()
            log = work / "error.log"
            errors = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            sys.exit(f"bench: nginx did not start on port {port}: {errors}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return stop, port
        except OSError:
            time.sleep(0.05)


def find():
    """nginx's path (Debian's nginx-light puts it in /usr/sbin), or None."""
    return shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)


def serve_json_files(nginx, work, root):
    """Starts nginx serving the files under `root` as JSON, keeping connections alive for any number of
    requests, with an access log in `work`. Returns (stop, port, requests): `requests()` counts the requests
    logged so far."""
    log = Path(work).resolve() / "access.log"
    stop, port = serve(nginx, work, f"""\
  access_log {log};
  keepalive_requests 1000000;
  server {{{{
    listen 127.0.0.1:{{port}} backlog=512;
    root {root};
    location / {{{{ default_type application/json; }}}}
  }}}}
""")
    return stop, port, lambda: len(log.read_bytes().splitlines()) if log.exists() else 0
