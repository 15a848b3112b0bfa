import Foundation
import PinRenderCore

extension ReviewService {
    /// An upload written beside the contents under a name of its own, not yet checked or kept.
    public struct StagedUpload: Sendable {
        public var contentId: String
        /// `pdf`, `png` or `jpeg`, from its first bytes.
        public var kind: String
        public var temporary: URL
        public var bytes: Int
    }

    /// What the render side read of an upload: its pages' displayed sizes, in `unit`.
    public struct DocumentPages: Sendable {
        public var pages: [ContentRecord.PageSize]
        /// `pt` or `px`.
        public var unit: String

        public init(pages: [ContentRecord.PageSize], unit: String) {
            self.pages = pages
            self.unit = unit
        }
    }

    /// The file at `temporary` (in ``PinStore/contentsDirectory``: two uploads of one
    /// content may be checked at once) as an upload of `contentId`, with its kind; refused,
    /// and removed, unless its bytes begin as a PDF, PNG or JPEG does. The render side reads
    /// it next (its pages), then ``keep(_:pages:)`` stores it.
    public func stage(_ contentId: String, file temporary: URL) throws(ReviewError) -> StagedUpload {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? Int) ?? 0
        let head = (try? FileHandle(forReadingFrom: temporary))?.readData(ofLength: 1024) ?? Data()
        let kind: String
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            kind = "png"
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = "jpeg"
        } else if head.range(of: Data("%PDF-".utf8)) != nil {
            kind = "pdf"
        } else {
            try? FileManager.default.removeItem(at: temporary)
            throw .invalid("body", "not a PDF, PNG or JPEG file (\(bytes) bytes)")
        }
        return StagedUpload(contentId: contentId, kind: kind, temporary: temporary, bytes: bytes)
    }

    /// Keeps a staged upload that the render side read as its content's file, replacing the
    /// one it had (whose pins stay), and records it; `created` when it had none.
    public func keep(_ staged: StagedUpload, pages: DocumentPages) throws(ReviewError) -> (content: ContentRecord, created: Bool) {
        let directory = store.contentsDirectory
        let file = "\(staged.contentId).\(staged.kind)"
        let previous = try run { try store.content(staged.contentId) }
        guard rename(staged.temporary.path, directory.appendingPathComponent(file).path) == 0 else {
            throw .serverFault(detail: "cannot store the file: \(String(cString: strerror(errno)))")
        }
        if let previous, previous.file != file {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(previous.file))
        }
        let record = ContentRecord(id: staged.contentId, kind: staged.kind, file: file, bytes: staged.bytes, unit: pages.unit,
                                   pages: pages.pages, updatedAt: WirePin.timestamp(Date()))
        try run { try store.saveContent(record) }
        return (record, previous == nil)
    }
}
