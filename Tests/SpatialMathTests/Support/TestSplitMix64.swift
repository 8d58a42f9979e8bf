/// TestSplitMix64 (Steele, Lea and Flood 2014): a tiny seeded generator, so that every random test
/// input is reproducible from the seed printed in its failure message.
struct TestSplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform `Double` in `[0, 1)` from the top 53 bits.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A uniform `Double` in `range` (closed at the bottom, open at the top).
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// A uniform `Float` in `range`.
  mutating func float(_ range: ClosedRange<Float>) -> Float {
    Float(uniform(Double(range.lowerBound)...Double(range.upperBound)))
  }
}

/// The seeds that every property test runs with (printed in each failure message).
let testSeeds: [UInt64] = [1, 2, 3, 42, 2024, 0xDEAD_BEEF, 0x1234_5678_9ABC_DEF0, 7_777_777]
