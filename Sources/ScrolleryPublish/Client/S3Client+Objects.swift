import Crypto
import ScrolleryCore

extension S3Client {
    /// The bytes of the object at `path` under the prefix, or `nil` when there is none.
    package func get(path: String) async throws(S3ClientError) -> [UInt8]? {
        let (address, request) = requests.getObject(path: path)
        do {
            return try await send(
                address: address, request: request, payload: .empty, body: .empty,
                operation: "GET s3://\(requests.location.bucket)/\(requests.location.key(for: path))"
            ).body
        } catch  where error.kind == .noSuchKey {
            return nil
        }
    }

    /// Uploads `bytes` as the object at `path` under the prefix.
    package func put(_ bytes: [UInt8], path: String) async throws(S3ClientError) {
        let md5 = Hex.lowercase(Insecure.MD5.hash(data: bytes))
        let made: (address: S3Address, request: SigV4Request)
        do {
            made = try requests.putObject(path: path, md5Hex: md5, headers: UploadHeaders(path: path))
        } catch {
            throw S3ClientError(.refused, problem: error.description, fix: "")
        }
        _ = try await send(
            address: made.address, request: made.request, payload: .of(bytes), body: .bytes(bytes),
            operation: "PUT s3://\(requests.location.bucket)/\(requests.location.key(for: path))")
    }
}
