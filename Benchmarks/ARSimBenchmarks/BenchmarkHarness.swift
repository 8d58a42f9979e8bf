import Foundation

/// Timing helpers shared by the benchmark suites: wall-clock samples of a closure, reported as
/// medians (the machines are shared and noisy), with the result consumed so that the optimizer
/// cannot drop the work.
enum BenchmarkHarness {
  /// Summary statistics of repeated timings, in seconds.
  struct Timing: Encodable {
    let medianSeconds: Double
    let minSeconds: Double
    let maxSeconds: Double
    let repetitions: Int
    /// The value the last run returned: printed so that runs can be compared for equal work.
    let checksum: Double
  }

  /// Runs `body` once to warm up, then `repetitions` times, and returns the timing statistics.
  /// `body` returns a value derived from its work; the values are folded into `sink`.
  static func time(repetitions: Int, _ body: () -> Double) -> Timing {
    var last = body()
    blackHole(last)
    var samples: [Double] = []
    samples.reserveCapacity(repetitions)
    let clock = ContinuousClock()
    for _ in 0..<repetitions {
      var value = 0.0
      let elapsed = clock.measure { value = body() }
      blackHole(value)
      last = value
      samples.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    samples.sort()
    return Timing(
      medianSeconds: samples[samples.count / 2], minSeconds: samples.first!,
      maxSeconds: samples.last!, repetitions: repetitions, checksum: last)
  }

  nonisolated(unsafe) private static var sink = 0.0

  /// Keeps a value alive so the work producing it is not optimized away.
  @inline(never)
  static func blackHole(_ value: Double) { sink += value.isFinite ? value : 0 }

  /// Prints one JSON object with sorted keys.
  static func printJSON<T: Encodable>(_ value: T) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    print(String(decoding: data, as: UTF8.self))
  }
}
