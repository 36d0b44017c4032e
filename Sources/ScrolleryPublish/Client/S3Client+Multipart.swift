/// Large files: a multipart upload, and reading back the `md5` metadata a multipart object is compared by.
extension S3Client {
    /// Uploads the file at `filePath` in parts of `S3Requests.partSize`, one after the other, and
    /// completes the upload; on any failure the upload is aborted, so no parts are left to pay for.
    package func putMultipart(_ file: LocalFile, from filePath: String, headers: UploadHeaders)
        async throws(S3ClientError)
    {
        let shown = "s3://\(requests.location.bucket)/\(requests.location.key(for: file.path))"
        let create = requests.createMultipartUpload(path: file.path, md5Hex: file.md5, headers: headers)
        let created = try await send(
            address: create.address, request: create.request, payload: .empty, body: .empty,
            operation: "CreateMultipartUpload \(shown)")
        let uploadID: String
        do {
            uploadID = try MultipartAnswers.uploadID(parsing: created.body)
        } catch {
            throw S3ClientError(.badResponse, problem: error.description, fix: "")
        }
        do throws(S3ClientError) {
            let partSize = S3Requests.partSize(forFileOf: file.size)
            var etags: [String] = []
            var offset: Int64 = 0
            while offset < file.size || etags.isEmpty {
                let length = min(partSize, file.size - offset)
                let part = requests.uploadPart(path: file.path, uploadID: uploadID, partNumber: etags.count + 1)
                let answer = try await send(
                    address: part.address, request: part.request, payload: .unsigned,
                    body: .fileRange(path: filePath, offset: offset, length: length),
                    operation: "UploadPart \(etags.count + 1) of \(shown)")
                guard let etag = answer.headers["etag"], !etag.isEmpty, etag.utf8.count <= 256 else {
                    throw S3ClientError(
                        .badResponse, problem: "UploadPart \(etags.count + 1) of \(shown): the answer has no ETag",
                        fix: "Check that the endpoint is an S3 API.")
                }
                etags.append(etag)
                offset += length
            }
            let complete = requests.completeMultipartUpload(path: file.path, uploadID: uploadID, partETags: etags)
            let completed = try await send(
                address: complete.address, request: complete.request, payload: .of(complete.body),
                body: .bytes(complete.body), operation: "CompleteMultipartUpload \(shown)")
            do {
                try MultipartAnswers.checkCompleted(completed.body)
            } catch {
                throw S3ClientError(.refused, problem: "\(shown): \(error.description)", fix: "")
            }
        } catch {
            // In a task of its own, which a Ctrl-C that cancelled this one does not cancel: the abort must
            // still be sent, or the parts stay in the bucket, paid for.
            let abort = requests.abortMultipartUpload(path: file.path, uploadID: uploadID)
            let client = self
            _ = await Task {
                try? await client.send(
                    address: abort.address, request: abort.request, payload: .empty, body: .empty,
                    operation: "AbortMultipartUpload \(shown)")
            }.value
            throw error
        }
    }

    /// The `md5` metadata of the object at `key` (a full key), or nil when it has none.
    package func md5Metadata(key: String) async throws(S3ClientError) -> String? {
        let head = requests.headObject(key: key)
        let answer = try await send(
            address: head.address, request: head.request, payload: .empty, body: .empty,
            operation: "HEAD s3://\(requests.location.bucket)/\(key)")
        return answer.headers["x-amz-meta-md5"]
    }
}
