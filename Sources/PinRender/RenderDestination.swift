import Foundation

/// Where a ``RenderJob`` puts what it renders.
///
///     var job = RenderJob(options: options)          // the files of the options
///     job.destination = .file(try UnnamedFile(label: "render.png"))
public enum RenderDestination: Sendable {
    /// The files the options name (`-o`, `--layout-json`, the summaries), each written to a
    /// temporary file beside it and renamed into place when all are complete
    /// (``OutputFiles``): the command line's and a batch's.
    case files
    /// One output, a PNG of one page or a PDF (``RenderOptions/output`` gives its format by
    /// its extension and names it in messages), written into `file` from its start, with no
    /// side output; the job's intermediate files are unnamed too, and on failure `file` is
    /// left empty. A render worker's: its result goes to the server without a name on disk.
    case file(UnnamedFile)
}
