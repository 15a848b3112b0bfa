extension OptionParser where Target == RenderOptions {
    /// Every option of `pinrender render`, for the command line and for each line of a
    /// `pinrender batch` manifest.
    public static func render(command: String) -> Self {
        OptionParser(command: command, groups: [.document, .pages, .pinsSource, .outputs, .threads, .size, .drawing, .device, .view])
    }
}
