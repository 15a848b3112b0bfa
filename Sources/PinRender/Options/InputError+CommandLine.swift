import PinRenderCore

extension InputError {
    /// The error as the command line words it: the core's problem, then the options that get
    /// past it (``remedy``) by their flags; the setting at fault by its flag.
    ///
    ///     "size: the output would be 40000 x 300 px; ... a side: lower --dpi, --scale or --width"
    public var onCommandLine: InputError {
        var error = self
        switch remedy {
        case nil:
            return self
        case .smallerOutput:
            error.problem += ": lower --dpi, --scale or --width"
        case .smallerOutputOrPixelLimit(let maximum):
            error.problem += ": lower --dpi, --scale or --width, or raise --max-pixels (up to \(maximum))"
        case .pixelLimit(let maximum):
            error.problem += " (raise it with --max-pixels, up to \(maximum))"
        case .sizeWithoutDPI:
            error.source = "--dpi"
            error.problem += "; use --scale or --width for images and canvases"
        case .password:
            error.problem += ": give its password with --password"
        }
        error.remedy = nil
        return error
    }
}

/// The one line the command line prints for a failure, after `pinrender: `: an
/// ``InputError`` with the flags that get past it, anything else as it describes itself.
public func commandLineMessage(_ error: any Error) -> String {
    (error as? InputError).map { "\($0.onCommandLine)" } ?? "\(error)"
}
