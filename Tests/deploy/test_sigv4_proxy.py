"""The proxy itself, checked with boto3 and the AWS CLI as known-good clients and with a wrong secret."""

import os
import subprocess
import sys
from pathlib import Path

import botocore.exceptions
import pytest

from conftest import KEY_ID, SECRET, s3_client


def test_boto3_requests_pass_the_proxy(servers):
    client = s3_client(servers.endpoint)
    client.create_bucket(Bucket="proxy-check")
    client.put_object(Bucket="proxy-check", Key="dir/a b+c=%d é.txt", Body=b"hello")
    listed = client.list_objects_v2(Bucket="proxy-check", Prefix="dir/")
    assert [item["Key"] for item in listed["Contents"]] == ["dir/a b+c=%d é.txt"]
    assert client.get_object(Bucket="proxy-check", Key="dir/a b+c=%d é.txt")["Body"].read() == b"hello"
    client.delete_objects(Bucket="proxy-check", Delete={"Objects": [{"Key": "dir/a b+c=%d é.txt"}]})


def test_a_wrong_secret_or_key_id_is_refused(servers):
    with pytest.raises(botocore.exceptions.ClientError) as refused:
        s3_client(servers.endpoint, secret="not-the-secret").list_buckets()
    assert refused.value.response["Error"]["Code"] == "SignatureDoesNotMatch"

    import boto3

    stranger = boto3.client(
        "s3", endpoint_url=servers.endpoint, region_name="us-east-1", aws_access_key_id=KEY_ID + "X",
        aws_secret_access_key="whatever")
    with pytest.raises(botocore.exceptions.ClientError) as unknown:
        stranger.list_buckets()
    assert unknown.value.response["Error"]["Code"] == "InvalidAccessKeyId"


def test_aws_s3_sync_passes_the_proxy_and_a_wrong_secret_does_not(servers, tmp_path):
    aws = Path(sys.executable).parent / "aws"
    assert aws.exists(), "make deploy-deps installs the AWS CLI"
    folder = tmp_path / "sync"
    (folder / "dir").mkdir(parents=True)
    (folder / "dir" / "a b+c=%d é.txt").write_text("hello", encoding="utf-8")
    environment = {
        "PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "AWS_ACCESS_KEY_ID": KEY_ID,
        "AWS_SECRET_ACCESS_KEY": SECRET, "AWS_DEFAULT_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true",
    }
    cli = [str(aws), "--endpoint-url", servers.endpoint, "s3"]
    made = subprocess.run(cli + ["mb", "s3://aws-check"], env=environment, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    synced = subprocess.run(
        cli + ["sync", str(folder), "s3://aws-check/p"], env=environment, capture_output=True, text=True)
    assert synced.returncode == 0, synced.stderr
    listed = s3_client(servers.endpoint).list_objects_v2(Bucket="aws-check", Prefix="p/")
    assert [item["Key"] for item in listed["Contents"]] == ["p/dir/a b+c=%d é.txt"]
    refused = subprocess.run(
        cli + ["ls", "s3://aws-check/p/"], env=dict(environment, AWS_SECRET_ACCESS_KEY="not-the-secret"),
        capture_output=True, text=True)
    assert refused.returncode != 0 and "SignatureDoesNotMatch" in refused.stderr
