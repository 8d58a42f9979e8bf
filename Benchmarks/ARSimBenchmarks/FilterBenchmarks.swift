import Foundation
import Placement
import SpatialMath

/// `ARSimBenchmarks filters [--samples N] [--tracks T] [--repetitions R]`
///
/// The cost of choosing a filter at run time: each filter of the registry run through
/// `AnyPositionFilter` and as its concrete type, side by side, on the same seeded stream
/// (60 Hz, a 2 cm/s drift plus 3 mm noise per axis):
/// - "stream": one filter fed N samples (default 200,000);
/// - "tracks": T short tracks (default 20,000), each a copy of the prototype fed 30 samples, as
///   the tracker does when markers come and go.
/// Both paths must end at the same positions (checked); the figures are medians in nanoseconds
/// per sample, with the ratio wrapped/concrete. The stream is generated outside the timed region.
enum FilterBenchmarks {
  struct Row: Encodable {
    let filter: String
    let streamConcreteNanosecondsPerSample: Double
    let streamWrappedNanosecondsPerSample: Double
    let streamWrappedOverConcrete: Double
    let tracksConcreteNanosecondsPerSample: Double
    let tracksWrappedNanosecondsPerSample: Double
    let tracksWrappedOverConcrete: Double
  }

  struct Result: Encodable {
    let samples: Int
    let tracks: Int
    let samplesPerTrack: Int
    let repetitions: Int
    let filters: [Row]
  }

  static func run(arguments: [String]) {
    var options = ["--samples": "200000", "--tracks": "20000", "--repetitions": "7"]
    var index = 0
    while index + 1 < arguments.count {
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    let sampleCount = max(1, Int(options["--samples"]!) ?? 200_000)
    let trackCount = max(1, Int(options["--tracks"]!) ?? 20_000)
    let repetitions = max(1, Int(options["--repetitions"]!) ?? 7)
    let perTrack = 30
    var generator = SplitMix64(seed: 11)
    var stream: [SIMD3<Float>] = []
    stream.reserveCapacity(sampleCount)
    for i in 0..<sampleCount {
      let t = Double(i) / 60
      let noise = SIMD3(
        generator.nextGaussian(), generator.nextGaussian(), generator.nextGaussian())
      stream.append(SIMD3<Float>(SIMD3(0.02 * t, 1, -0.5) + 0.003 * noise))
    }
    let bench = Bench(
      stream: stream, trackCount: trackCount, perTrack: perTrack, repetitions: repetitions)
    var rows: [Row] = []
    for name in AnyPositionFilter.filterNames {
      let wrapped = try! AnyPositionFilter(name: name, parameters: [:])
      // The concrete filter the name wraps, from its own initializer with the documented
      // defaults; each call site is specialized for its type.
      let direct =
        switch name {
        case "oneEuro": bench.measure(try! OneEuroFilter())
        case "kalman":
          bench.measure(
            try! ConstantVelocityKalmanFilter(
              accelerationNoiseDensity: 3e-6, measurementStdMeters: 0.003))
        case "exponential": bench.measure(try! ExponentialFilter(timeConstantSeconds: 0.1))
        default: bench.measure(try! MovingMedianFilter(windowSeconds: 0.2))
        }
      let erased = bench.measure(wrapped)
      precondition(direct.sum == erased.sum, "\(name): wrapped and concrete filters disagree")
      rows.append(
        Row(
          filter: name, streamConcreteNanosecondsPerSample: direct.stream,
          streamWrappedNanosecondsPerSample: erased.stream,
          streamWrappedOverConcrete: erased.stream / direct.stream,
          tracksConcreteNanosecondsPerSample: direct.tracks,
          tracksWrappedNanosecondsPerSample: erased.tracks,
          tracksWrappedOverConcrete: erased.tracks / direct.tracks))
    }
    BenchmarkHarness.printJSON(
      Result(
        samples: sampleCount, tracks: trackCount, samplesPerTrack: perTrack,
        repetitions: repetitions, filters: rows))
  }

  /// The two timed workloads over one stream.
  struct Bench {
    let stream: [SIMD3<Float>]
    let trackCount: Int
    let perTrack: Int
    let repetitions: Int

    /// Nanoseconds per sample for the stream and the short tracks, and a checksum of the final
    /// positions.
    func measure<F: PositionFilter>(_ prototype: F) -> (stream: Double, tracks: Double, sum: Double)
    {
      let stream = self.stream
      let long = BenchmarkHarness.time(repetitions: repetitions) {
        var filter = prototype
        for (i, sample) in stream.enumerated() {
          _ = filter.update(measurement: sample, timestampSeconds: Double(i) / 60)
        }
        return Double((filter.position ?? .zero).sum())
      }
      let short = BenchmarkHarness.time(repetitions: repetitions) {
        var total: Float = 0
        for track in 0..<trackCount {
          var filter = prototype
          let offset = track % (stream.count - perTrack)
          for k in 0..<perTrack {
            _ = filter.update(measurement: stream[offset + k], timestampSeconds: Double(k) / 30)
          }
          total += (filter.position ?? .zero).sum()
        }
        return Double(total)
      }
      return (
        long.medianSeconds * 1e9 / Double(stream.count),
        short.medianSeconds * 1e9 / Double(trackCount * perTrack), long.checksum + short.checksum
      )
    }
  }
}
