/// A count's plural category, as CLDR names them.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// CLDR's plural rules for whole numbers, in the languages the theme has words for: which form of a word
/// goes with a count (`1 item`, `2 items`; in Polish `1 zdjęcie`, `2 zdjęcia`, `5 zdjęć`).
public enum PluralRules {
    /// The category of the whole number `count` in the language `code` (`pl`); a language without rules
    /// here follows English's.
    public static func category(of count: Int, language code: String) -> PluralCategory {
        let n = count.magnitude
        switch code {
        case "ja", "zh", "ko", "vi", "th", "id", "ms": return .other
        case "fr", "pt":
            // `i = 0,1` is one; a non-zero multiple of a million is many.
            if n <= 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "es", "it":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "pl":
            if n == 1 { return .one }
            let (ten, hundred) = (n % 10, n % 100)
            return (2...4).contains(ten) && !(12...14).contains(hundred) ? .few : .many
        case "ru", "uk":
            let (ten, hundred) = (n % 10, n % 100)
            if ten == 1 && hundred != 11 { return .one }
            return (2...4).contains(ten) && !(12...14).contains(hundred) ? .few : .many
        case "ar":
            let hundred = n % 100
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(hundred) { return .few }
                return (11...99).contains(hundred) ? .many : .other
            }
        default:
            return n == 1 ? .one : .other
        }
    }

    /// The categories a whole number can fall in, in the language `code`: the forms its words need.
    public static func categories(language code: String) -> [PluralCategory] {
        switch code {
        case "ja", "zh", "ko", "vi", "th", "id", "ms": [.other]
        case "fr", "pt", "es", "it": [.one, .many, .other]
        case "pl", "ru", "uk": [.one, .few, .many]
        case "ar": [.zero, .one, .two, .few, .many, .other]
        default: [.one, .other]
        }
    }
}
