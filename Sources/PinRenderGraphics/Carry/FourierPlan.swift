import Foundation
internal import CFFTW

/// FFTW's forward and inverse transforms of one square size, with their buffers: the one
/// owner of both plans and both buffers. Plans are made with FFTW_ESTIMATE, which times
/// nothing, so the same input gives the same bits. Not thread-safe (FFTW's planner is not).
final class FourierPlan {
    let size: Int
    private let input: UnsafeMutablePointer<fftw_complex>
    private let output: UnsafeMutablePointer<fftw_complex>
    private let forward: fftw_plan
    private let backward: fftw_plan

    /// Plans for `size` x `size` transforms.
    init(size: Int) {
        self.size = size
        let count = size * size
        input = fftw_alloc_complex(count)!
        output = fftw_alloc_complex(count)!
        forward = fftw_plan_dft_2d(Int32(size), Int32(size), input, output, FFTW_FORWARD, UInt32(FFTW_ESTIMATE))!
        backward = fftw_plan_dft_2d(Int32(size), Int32(size), input, output, FFTW_BACKWARD, UInt32(FFTW_ESTIMATE))!
    }

    deinit {
        fftw_destroy_plan(forward)
        fftw_destroy_plan(backward)
        fftw_free(input)
        fftw_free(output)
    }

    /// The transform of real values (`size * size`, row by row), as (re, im) pairs.
    func forward(_ values: [Double]) -> [(Double, Double)] {
        for i in 0..<values.count { input[i] = (values[i], 0) }
        fftw_execute(forward)
        return (0..<(size * size)).map { output[$0] }
    }

    /// The real part of the inverse transform, divided by the number of values.
    func inverseReal(_ spectrum: [(Double, Double)]) -> [Double] {
        for i in 0..<spectrum.count { input[i] = spectrum[i] }
        fftw_execute(backward)
        let scale = 1 / Double(size * size)
        return (0..<(size * size)).map { output[$0].0 * scale }
    }
}
