/// The body of an S3 error answer: `<Error><Code>…</Code><Message>…</Message>…</Error>`.
package struct S3ErrorResponse: Sendable, Equatable {
    /// `SignatureDoesNotMatch`, `NoSuchBucket`, `SlowDown`, …
    package let code: String
    package let message: String
    package let requestID: String?

    /// Reads an error body; throws when it is not one (a proxy's HTML page, an empty body).
    package init(parsing bytes: [UInt8]) throws(S3ResponseError) {
        func fail(_ problem: String) -> S3ResponseError { S3ResponseError(response: "error", problem: problem) }
        let root: XMLElement
        do { root = try XMLReader.parse(bytes) } catch { throw fail(error.description) }
        guard root.name == "Error" else { throw fail("the root element is <\(root.name)>") }
        guard let code = root.child("Code")?.text, !code.isEmpty else { throw fail("it has no Code") }
        self.code = code
        message = root.child("Message")?.text ?? ""
        requestID = root.child("RequestId")?.text
    }
}
