import PinRenderCore

extension OptionParser {
    /// Reads the fields of a manifest case or a request into `target`: each field is the
    /// option whose ``Option/key`` it is (`"dpi": 72` is `--dpi 72`), with the same checks.
    ///
    /// A value is a text, a number or a boolean (`true` gives a flag), a list for a
    /// repeatable option. Errors name the field: `snapshots.json: cases[3].dpi: needs a
    /// positive number`.
    /// - Parameters:
    ///   - fields: the fields; null is the same as absent.
    ///   - source: the file or request, for messages.
    ///   - location: where the fields are in it (`cases[3]`), for messages.
    ///   - ignoring: other fields the caller reads itself (`name`).
    ///   - resolve: turns the value of a path option into the path to use.
    public func parse(fields: [String: FieldValue], into target: inout Target, source: String, location: String,
                      ignoring: Set<String> = [], resolvingPaths resolve: (String) -> String = { $0 }) throws {
        func at(_ key: String) -> String { location.isEmpty ? key : "\(location).\(key)" }
        let options = self.options
        let keys = options.map(\.key)
        if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) && !ignoring.contains($0) }) {
            let known = (ignoring.sorted() + keys).joined(separator: ", ")
            throw InputError(source: source, location: at(unknown), problem: "unknown field (the fields are \(known))")
        }
        var values: [String: [String]] = [:]
        for option in options {
            guard let field = fields[option.key], field != .null else { continue }
            func failure(_ needs: String) -> InputError {
                InputError(source: source, location: at(option.key), problem: "needs \(needs)")
            }
            var texts: [String]
            switch (option.kind, field) {
            case (.flag, _):
                switch field.optionText {
                case "true": texts = [""]
                case "false": texts = []
                default: throw failure("true or false")
                }
            case (.repeated, .list(let items)):
                texts = try items.map { item in
                    guard let text = item.optionText else { throw failure("a list of texts or numbers") }
                    return text
                }
            default:
                guard let text = field.optionText else { throw failure("one text, number or boolean") }
                texts = [text]
            }
            if option.isPath { texts = texts.map(resolve) }
            if !texts.isEmpty { values[option.name] = texts }
        }
        try store(values, into: &target, failures: Failures(
            value: { option, problem in InputError(source: source, location: at(option.key), problem: problem.text) },
            rule: { problem in InputError(source: source, location: location, problem: problem.text) },
            missing: { option in InputError(source: source, location: at(option.key), problem: "missing") },
            spelling: { $0.key }))
    }
}
