/// A planar angle. Stored in radians as `Double`; construct it with an explicit unit.
///
/// Angles are signed: a positive angle turns counter-clockwise about its axis by the right-hand rule,
/// unless the API that takes it says otherwise (the display transform's rotation, for one, is
/// documented as clockwise on screen).
public struct Angle: Sendable, Hashable, Codable, Comparable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The angle in radians.
  public var radians: Double

  /// The angle in degrees.
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }

  /// Creates an angle of `radians` radians.
  public init(radians: Double) { self.radians = radians }

  /// Creates an angle of `degrees` degrees.
  public init(degrees: Double) { self.radians = degrees * .pi / 180 }

  /// An angle of `value` radians.
  public static func radians(_ value: Double) -> Angle { Angle(radians: value) }

  /// An angle of `value` degrees.
  public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }

  /// The zero angle.
  public static let zero = Angle(radians: 0)

  /// The same direction wrapped into `(-π, π]` radians (`.degrees(270)` gives `-90°`,
  /// `.degrees(-180)` gives `180°`); NaN and infinities give NaN.
  public var normalized: Angle {
    var r = radians.remainder(dividingBy: 2 * .pi)
    if r <= -.pi { r += 2 * .pi }
    return Angle(radians: r)
  }

  /// Orders by radians, without wrapping (`-π/2 < 3π/2`).
  public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }

  /// The sum, not wrapped.
  public static func + (lhs: Angle, rhs: Angle) -> Angle {
    Angle(radians: lhs.radians + rhs.radians)
  }

  /// The difference, not wrapped.
  public static func - (lhs: Angle, rhs: Angle) -> Angle {
    Angle(radians: lhs.radians - rhs.radians)
  }

  /// The opposite angle (the same turn in the other direction).
  public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }

  /// The angle scaled by `rhs`, not wrapped.
  public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }

  /// The angle in degrees, rounded to 0.01°: `90°`, `-12.5°`.
  public var description: String { "\(DescriptionFormat.number(degrees, digits: 2))°" }

  /// The exact value in radians: `Angle(radians: 1.5707963267948966)`.
  public var debugDescription: String { "Angle(radians: \(radians))" }
}
