/// SplitMix64 (Steele, Lea, Flood 2014): a small, fast, seeded pseudo-random generator. The same
/// seed gives the same sequence on every platform; every random choice in the package goes through
/// it (never the system generator), so replays and synthesized scenes are reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable, Codable {
  /// The generator's state (advanced by the golden-ratio increment on each draw).
  public private(set) var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in [0, 1) with 53 random bits.
  public mutating func nextUnitDouble() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A uniform value in `range` (53 random bits: `lower + (upper - lower) * nextUnitDouble()`).
  public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * nextUnitDouble()
  }

  /// A standard normal value (Box–Muller, one of the pair; two uniforms per call).
  public mutating func nextGaussian() -> Double {
    let u1 = 1 - nextUnitDouble()  // (0, 1]: the logarithm stays finite.
    let u2 = nextUnitDouble()
    return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

@inline(__always) private func _log(_ x: Double) -> Double { log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { cos(x) }
