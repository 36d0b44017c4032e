import Logging
import Scrollery
import ScrolleryCore

/// A log handler that shows control characters in messages and metadata escaped before another handler
/// prints them: log lines carry ids, titles and URLs from sources.
struct TerminalLogHandler: LogHandler {
    private var wrapped: any LogHandler

    init(_ wrapped: any LogHandler) {
        self.wrapped = wrapped
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(TerminalText.shown(event.message.description))"
        event.metadata = event.metadata?.mapValues { .string(TerminalText.shown($0.description)) }
        wrapped.log(event: event)
    }
}
