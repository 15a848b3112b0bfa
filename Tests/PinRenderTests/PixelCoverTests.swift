import Testing
@testable import PinRenderGraphics

/// ``PixelCover`` against a plain grid of booleans, over runs that start and end on word
/// boundaries, within one word, and across several.
@Suite struct PixelCoverTests {
    @Test func coveredRunsAndTheColumnsLeftOpenAreTheGrid() {
        let (width, height) = (200, 3)
        let cover = PixelCover(width: width, height: height)
        var grid = Array(repeating: Array(repeating: false, count: width), count: height)
        let runs = [(0, 0, 64), (0, 70, 71), (1, 63, 65), (1, 100, 200), (2, 5, 130), (0, 128, 192), (2, 190, 199), (1, 0, 1)]
        var state: UInt64 = 12345
        for (row, from, to) in runs {
            cover.cover(row: row, from: from, to: to)
            for column in from..<to { grid[row][column] = true }
            for _ in 0..<300 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let (a, b) = (Int(state >> 33) % width, Int(state >> 13) % width)
                let (from, to, row) = (min(a, b), max(a, b) + 1, Int(state >> 50) % height)
                let open = (from..<to).filter { !grid[row][$0] }
                let answer = cover.uncovered(row: row, from: from, to: to)
                #expect(answer?.first == open.first && answer?.last == open.last, "row \(row), \(from)..<\(to)")
            }
        }
    }
}
