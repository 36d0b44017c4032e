/// Follows a listing from page to page and stops it when the server would make it loop: a continuation
/// token seen before, or too many pages in a row that are empty yet truncated.
package struct ListingProgress: Sendable {
    private var seenTokens: Set<String> = []
    private var emptyPagesInARow = 0
    package let maxEmptyPagesInARow: Int

    package init(maxEmptyPagesInARow: Int = 100) {
        self.maxEmptyPagesInARow = maxEmptyPagesInARow
    }

    /// The token to ask for the next page with, or nil when the listing is complete.
    package mutating func next(after page: ListObjectsV2Page) throws(S3ResponseError) -> String? {
        guard page.isTruncated, let token = page.nextContinuationToken else { return nil }
        guard seenTokens.insert(token).inserted else {
            throw S3ResponseError(response: "ListObjectsV2", problem: "the continuation token \(token) came twice")
        }
        emptyPagesInARow = page.objects.isEmpty ? emptyPagesInARow + 1 : 0
        guard emptyPagesInARow <= maxEmptyPagesInARow else {
            throw S3ResponseError(
                response: "ListObjectsV2", problem: "\(emptyPagesInARow) truncated pages in a row held no key")
        }
        return token
    }
}
