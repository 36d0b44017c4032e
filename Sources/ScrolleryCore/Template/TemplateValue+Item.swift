extension TemplateValue {
    /// What an item's templates see: the item's own members, its detail under `detail` and what its
    /// picture's processing found under `picture` (an item that is not an object is seen as itself).
    package static func item(
        _ item: JSONValue, detail: JSONValue?, picture: [String: String]? = nil
    ) -> TemplateValue {
        guard case .object(var members) = item else { return TemplateValue(json: item) ?? .object(TemplateObject()) }
        if let detail { members["detail"] = detail }
        if let picture { members["picture"] = .object(picture.mapValues { .string($0) }) }
        return .json(.object(members))
    }
}
