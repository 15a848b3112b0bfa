internal import CQPDF

/// qpdf's error on a handle, in its words, or nil when it has none: the one place qpdf's
/// errors are read (the page boxes, the PDF export).
func qpdfError(_ qpdf: qpdf_data) -> String? {
    guard qpdf_has_error(qpdf) != 0, let error = qpdf_get_error(qpdf),
          let text = qpdf_get_error_message_detail(qpdf, error) else { return nil }
    return String(cString: text)
}
