/// The answer to a DeleteObjects request. It comes with status 200 even when keys failed, so it must be
/// read: `failures` lists them.
package struct DeleteObjectsResult: Sendable, Equatable {
    package struct Failure: Sendable, Equatable {
        package let key: String
        package let code: String
        package let message: String
    }

    /// The keys reported deleted (empty in quiet mode).
    package let deleted: [String]
    package let failures: [Failure]

    package init(parsing bytes: [UInt8]) throws(S3ResponseError) {
        func fail(_ problem: String) -> S3ResponseError { S3ResponseError(response: "DeleteObjects", problem: problem) }
        let root: XMLElement
        do { root = try XMLReader.parse(bytes) } catch { throw fail(error.description) }
        guard root.name == "DeleteResult" else { throw fail("the root element is <\(root.name)>") }
        deleted = root.children("Deleted").compactMap { $0.child("Key")?.text }
        failures = root.children("Error").map {
            Failure(
                key: $0.child("Key")?.text ?? "", code: $0.child("Code")?.text ?? "",
                message: $0.child("Message")?.text ?? "")
        }
    }
}
