import PinRender

extension Manual {
    /// A page of this version of pinrender's manual (``versionLine``, ``releaseDate``); a
    /// command's page sees pinrender(1).
    /// - Parameters:
    ///   - command: the command, nil for the program itself.
    ///   - summary: the NAME line's few words.
    ///   - synopsis: one command line each (a line break continues the line before).
    ///   - description: the DESCRIPTION's blocks.
    ///   - options: the option groups (``OptionParser/sections``).
    ///   - sections: the command's own sections after the options.
    ///   - exitStatus: each exit status and its meaning.
    ///   - examples: command lines that run in a folder holding the repository's `samples/`.
    public init(pinrender command: String?, summary: String, synopsis: [String], description: [Block] = [],
                options: [Section] = [], sections: [Section] = [], exitStatus: [Definition], examples: [Example]) {
        self.init(command: command, summary: summary, program: versionLine, date: releaseDate, synopsis: synopsis,
                  description: description, options: options, sections: sections, exitStatus: exitStatus,
                  examples: examples, seeAlso: command == nil ? [] : ["pinrender"])
    }
}
