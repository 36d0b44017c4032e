/// One step of a deploy; each finishes before the next starts.
package enum PublishStep: Sendable, Equatable {
    /// Uploads of one group, in the order to start them (listing pages: last page first).
    case upload(PublishGroup, [PlannedUpload])
    /// The deletes, after every upload.
    case delete([PlannedDelete])
}

/// The order a plan is carried out in: pictures and assets, item pages, listing pages from the last to the
/// first, other pages, then `index.html`, the feed and the sitemaps, then the deletes. Empty steps are left
/// out.
package enum PublishOrder {
    package static func steps(of plan: PublishPlan) -> [PublishStep] {
        var groups: [PublishGroup: [PlannedUpload]] = [:]
        for upload in plan.uploads { groups[PublishGroup(path: upload.file.path), default: []].append(upload) }
        var steps: [PublishStep] = []
        for group in PublishGroup.allCases {
            guard var uploads = groups[group], !uploads.isEmpty else { continue }
            if group == .listingPages {
                uploads.sort {
                    (PublishGroup.listingPageNumber($0.file.path) ?? 0)
                        > (PublishGroup.listingPageNumber($1.file.path) ?? 0)
                }
            }
            steps.append(.upload(group, uploads))
        }
        if !plan.deletes.isEmpty { steps.append(.delete(plan.deletes)) }
        return steps
    }
}
