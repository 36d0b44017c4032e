/// One step of a deploy; each finishes before the next starts.
package enum PublishStep: Sendable, Equatable {
    /// Uploads of one group, all new or all changed, in the order to start them (listing pages: last page
    /// first).
    case upload(PublishGroup, PlannedUpload.Reason, [PlannedUpload])
    /// The deletes, after every upload.
    case delete([PlannedDelete])
}

/// The order a plan is carried out in, so that a deploy cut short at any point never shows a visitor a
/// page whose links or pictures are not there: pictures and assets (new ones first: a changed
/// `search/index.json` names new shards); then the new pages, which no page there links to yet; then the
/// changed pages, which may link to the new ones. Pages go by group, each time: item pages, listing pages
/// from the last to the first, other pages, then `index.html`, the feed and the sitemaps. The deletes come
/// last. Empty steps are left out.
package enum PublishOrder {
    package static func steps(of plan: PublishPlan) -> [PublishStep] {
        var groups: [PublishGroup: [PlannedUpload]] = [:]
        for upload in plan.uploads { groups[PublishGroup(path: upload.file.path), default: []].append(upload) }
        let pageGroups = PublishGroup.allCases.filter { $0 != .assets }
        let order: [(PublishGroup, PlannedUpload.Reason)] =
            [(.assets, .new), (.assets, .changed)] + pageGroups.map { ($0, .new) } + pageGroups.map { ($0, .changed) }
        var steps: [PublishStep] = []
        for (group, reason) in order {
            var uploads = (groups[group] ?? []).filter { $0.reason == reason }
            guard !uploads.isEmpty else { continue }
            if group == .listingPages {
                uploads.sort {
                    (PublishGroup.listingPageNumber($0.file.path) ?? 0)
                        > (PublishGroup.listingPageNumber($1.file.path) ?? 0)
                }
            }
            steps.append(.upload(group, reason, uploads))
        }
        if !plan.deletes.isEmpty { steps.append(.delete(plan.deletes)) }
        return steps
    }
}
