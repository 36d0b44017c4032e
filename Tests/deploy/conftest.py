"""Starts moto's S3 server and the SigV4-checking proxy in front of it, once for the session."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
KEY_ID = "AKIASCROLLERYTEST01"
SECRET = "scrollery/test+Secret/0123456789abcdefghijkl"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(ready, process, what, timeout=60):
    """Polls `ready()` until it is true; fails at once when `process` exits, or after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode} before it was ready")
        if ready():
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} was not ready within {timeout} s")


def answers_http(port):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/moto-api/", timeout=1).read()
        return True
    except Exception:
        return False


def accepts_connections(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


class Proxy:
    """sigv4_proxy.py in front of moto, with its log and, on request, its faults."""

    def __init__(self, moto_port, log, *faults):
        self.port = free_port()
        self.log = log
        self.log.touch()
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "sigv4_proxy.py"), "--port", str(self.port),
             "--upstream", f"127.0.0.1:{moto_port}", "--key", f"{KEY_ID}:{SECRET}", "--log", str(self.log),
             *faults],
            stdout=subprocess.DEVNULL)
        wait_until(lambda: accepts_connections(self.port), self.process, "sigv4_proxy.py")

    @property
    def endpoint(self):
        return f"http://127.0.0.1:{self.port}"

    def log_lines(self):
        return self.log.read_text(encoding="utf-8").splitlines()


class Servers:
    def __init__(self, tmp):
        self.tmp = tmp
        self.moto_port = free_port()
        moto_server = Path(sys.executable).parent / "moto_server"
        command = [str(moto_server)] if moto_server.exists() else [sys.executable, "-m", "moto.server"]
        self.moto = subprocess.Popen(
            command + ["-H", "127.0.0.1", "-p", str(self.moto_port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(lambda: answers_http(self.moto_port), self.moto, "moto_server")
        self.proxies = []
        main = self.proxy_with()
        self.endpoint = main.endpoint
        self.log_lines = main.log_lines

    def proxy_with(self, *faults):
        """Another proxy in front of the same moto, with `faults` (`--slowdown-every`, `--reset-every`)."""
        proxy = Proxy(self.moto_port, self.tmp / f"proxy-{len(self.proxies)}.log", *faults)
        self.proxies.append(proxy)
        return proxy

    def stop(self):
        for process in [proxy.process for proxy in self.proxies] + [self.moto]:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture(scope="session")
def servers(tmp_path_factory):
    started = Servers(tmp_path_factory.mktemp("s3"))
    yield started
    started.stop()


def s3_client(endpoint, secret=SECRET):
    import boto3
    from botocore.config import Config

    return boto3.client(
        "s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=KEY_ID,
        aws_secret_access_key=secret,
        config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}))
