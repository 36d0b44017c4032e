extension TemplateValue {
    /// What an item's templates see: the item's own members, and its detail under `detail` (an item
    /// that is not an object is seen as itself).
    package static func item(_ item: JSONValue, detail: JSONValue?) -> TemplateValue {
        guard case .object(var members) = item else { return TemplateValue(json: item) ?? .object(TemplateObject()) }
        if let detail { members["detail"] = detail }
        return .json(.object(members))
    }
}
