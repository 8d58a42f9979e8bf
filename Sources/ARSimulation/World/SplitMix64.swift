#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Steele, Lea and Flood's SplitMix64 generator: a small, fast, seeded `RandomNumberGenerator`
/// whose output depends only on the seed, so every use of randomness is reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  /// The internal state; advanced by the golden-ratio increment per draw.
  public private(set) var state: UInt64

  /// Creates a generator from a seed (any value, including 0).
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform `Double` in `[0, 1)` from the top 53 bits.
  public mutating func nextUnitDouble() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A standard normal sample (mean 0, standard deviation 1) by the Box–Muller transform; uses
  /// two draws.
  public mutating func nextGaussian() -> Double {
    let u1 = 1 - nextUnitDouble()  // (0, 1]: log stays finite.
    let u2 = nextUnitDouble()
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }
}
