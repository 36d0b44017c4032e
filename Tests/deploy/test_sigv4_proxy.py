"""The proxy itself, checked with boto3 as a known-good client and with a wrong secret."""

import botocore.exceptions
import pytest

from conftest import KEY_ID, s3_client


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
