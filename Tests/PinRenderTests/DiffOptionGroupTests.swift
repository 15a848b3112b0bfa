import Foundation
import Testing
import PinRender
import PinRenderCore

/// `pinrender diff`'s comparison options: good values stored, each bad value refused with
/// its one line, and the rules between them.
@Suite struct DiffOptionGroupTests {
    func parse(_ words: [String]) throws -> DiffJob {
        var job = DiffJob(expected: "", actual: "")
        let rest = try OptionParser(command: "diff", groups: [.comparison]).parse(words, into: &job)
        #expect(rest.isEmpty, "\(words): \(rest) left")
        return job
    }

    func refusal(_ words: [String]) -> String? {
        do {
            _ = try parse(words)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func comparison() throws {
        let defaults = try parse([])
        #expect(defaults.options == ImageDiff.Options() && defaults.maxDiffPixels == 0 && defaults.maxDiffRatio == nil)
        #expect(defaults.dpi == 72 && defaults.output == nil && !defaults.composite)
        let job = try parse(["-o", "d.png", "--threshold", "0.2", "--max-diff-pixels", "20", "--max-diff-ratio", "0.01",
                             "--ignore", "0,0,10,20", "--ignore", "5, 5, 1, 1", "--include-aa", "--composite", "--dpi", "30"])
        #expect(job.output == "d.png" && job.options.threshold == 0.2 && job.maxDiffPixels == 20 && job.maxDiffRatio == 0.01)
        #expect(job.options.ignore == [CGRect(x: 0, y: 0, width: 10, height: 20), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(job.options.includeAA && job.composite && job.dpi == 30)
        // A ratio alone is the only budget.
        #expect(try parse(["--max-diff-ratio", "0.5"]).maxDiffPixels == .max)

        let usage = { (message: String) in "usage: \(message) (see pinrender --help)" }
        for value in ["-0.1", "1.5", "x"] {
            #expect(refusal(["--threshold", value]) == usage("--threshold needs a number from 0 to 1"))
            #expect(refusal(["--max-diff-ratio", value]) == usage("--max-diff-ratio needs a number from 0 to 1"))
        }
        for value in ["-1", "1.5", "x"] {
            #expect(refusal(["--max-diff-pixels", value]) == usage("--max-diff-pixels needs a whole number"))
        }
        for value in ["1,2", "1,2,3,4,5", "0,0,-1,5", "a,b,c,d"] {
            #expect(refusal(["--ignore", value]) == usage("--ignore needs X,Y,W,H in pixels"), "\(value)")
        }
        for value in ["0", "2401", "x"] {
            #expect(refusal(["--dpi", value]) == usage("--dpi needs a positive number"))
        }
        #expect(refusal(["--composite"]) == usage("--composite needs -o DIFF.png"))
    }

    /// pixelmatch's own options, under their pixelmatch names.
    @Test func pixelmatchOptions() throws {
        let job = try parse(["--alpha", "0.5", "--diff-color", "0,0,255", "--diff-color-alt", "0, 200, 0",
                             "--aa-color", "1,2,3", "--diff-mask", "--background", "checkerboard"])
        #expect(job.options.alpha == 0.5 && job.options.diffMask && job.options.background == .checkerboard)
        #expect(job.options.diffColor == .init(0, 0, 255) && job.options.diffColorAlt == .init(0, 200, 0)
                && job.options.aaColor == .init(1, 2, 3))
        let usage = { (message: String) in "usage: \(message) (see pinrender --help)" }
        for value in ["1,2", "0,0,256", "0,0,1.5", "red"] {
            #expect(refusal(["--diff-color", value]) == usage("--diff-color needs R,G,B, each a whole number from 0 to 255"), "\(value)")
        }
        #expect(refusal(["--alpha", "2"]) == usage("--alpha needs a number from 0 to 1"))
        #expect(refusal(["--background", "black"]) == usage("--background takes white or checkerboard"))
        #expect(refusal(["-o", "d.png", "--composite", "--diff-mask"])
                == usage("--diff-mask is a diff image alone: it does not go with --composite"))
    }
}
