import Foundation
import Testing
@testable import PinRenderCore

/// The core names the problem, never a command-line option: a front end adds the setting
/// that gets past it (``InputError/remedy``) in its own names.
@Suite struct InputErrorTests {
    /// The core's refusals of a size, a device, a dpi for content without inches.
    static func coreErrors() -> [InputError] {
        let refusals: [() throws -> Void] = [
            { _ = try SizeRequest.scale(100).pixelSize(contentSize: CGSize(width: 400, height: 300), unitsPerInch: nil,
                                                       pixelLimit: .max) },
            { _ = try SizeRequest.scale(1).pixelSize(contentSize: CGSize(width: 1000, height: 1000), unitsPerInch: nil,
                                                     pixelLimit: 999_999) },
            { _ = try SizeRequest.dpi(150).pixelSize(contentSize: CGSize(width: 800, height: 600), unitsPerInch: nil,
                                                     pixelLimit: .max) },
            { _ = try DevicePreset.screen(named: "nokia-3310") },
            { _ = try DevicePreset.screen(named: "iphone-15@sideways") },
        ]
        return refusals.compactMap { refuse in
            do {
                try refuse()
                Issue.record("expected a refusal")
            } catch let error as InputError {
                return error
            } catch {
                Issue.record("expected an InputError, got \(error)")
            }
            return nil
        }
    }

    @Test func coreMessagesNameNoOption() {
        let errors = Self.coreErrors()
        #expect(errors.count == 5)
        for error in errors {
            #expect(!error.description.contains("--"), "\(error)")
            #expect(!error.source.hasPrefix("-"), "\(error)")
        }
    }

    @Test func sizeRefusalsSayWhatGetsPastThem() {
        let errors = Self.coreErrors()
        #expect(errors.map(\.remedy) == [.smallerOutput, .smallerOutputOrPixelLimit(maximum: SizeRequest.maximumPixels),
                                         .sizeWithoutDPI, nil, nil])
    }
}
