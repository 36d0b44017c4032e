/// One item from the source, with its 1-based position in the whole gallery.
struct SourceItem: Sendable {
    let position: Int
    let value: JSONValue

    /// What the item templates and the detail URL see: the item's members, with the detail response
    /// under `detail`.
    func templateContext(detail: JSONValue?) -> TemplateValue {
        guard case .object(var members) = value else { return TemplateValue(json: value) ?? .object(TemplateObject()) }
        if let detail { members["detail"] = detail }
        return .json(.object(members))
    }
}
