/// Why values could not form a geometric object (`Ray`, `Plane`, `Matrix3x3`, `Matrix4x4`,
/// `Quaternion`, `RigidTransform`).
///
/// Initializers throw it; operations on valid objects whose answer may not exist (an
/// intersection that misses, the inverse of a singular matrix) return `nil` instead.
public enum GeometryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A value that must be finite has a NaN or infinite component; `name` says which (`"origin"`).
  case notFinite(name: String)
  /// A vector that must have a direction is zero or shorter than 1e-20; `name` says which
  /// (`"direction"`, `"normal"`).
  case zeroVector(name: String)
  /// Three points that must span a plane coincide or lie on one line (within the tolerance of
  /// `Plane.init(_:_:_:)`).
  case collinearPoints
  /// An array has the wrong number of elements.
  case wrongCount(expected: Int, found: Int)
  /// A 4x4 matrix is not a rigid transform.
  case notRigid(RigidityViolation)

  /// The check of a rigid transform that a matrix failed.
  public enum RigidityViolation: Sendable, Hashable {
    /// The bottom row is not (0, 0, 0, 1).
    case bottomRow
    /// The upper-left 3x3's columns are not orthonormal.
    case notOrthonormal
    /// The upper-left 3x3's determinant is not +1 (a reflection or a scale).
    case determinant
  }

  /// A one-line explanation naming the bad value.
  public var description: String {
    switch self {
    case .notFinite(let name): "\(name) must be finite"
    case .zeroVector(let name): "\(name) must be a non-zero vector (length > 1e-20)"
    case .collinearPoints: "the three points coincide or lie on one line, so they span no plane"
    case .wrongCount(let expected, let found): "expected \(expected) numbers, found \(found)"
    case .notRigid(.bottomRow): "not a rigid transform: the bottom row is not 0 0 0 1"
    case .notRigid(.notOrthonormal):
      "not a rigid transform: the rotation's columns are not orthonormal"
    case .notRigid(.determinant):
      "not a rigid transform: the rotation's determinant is not +1 (a reflection or a scale)"
    }
  }
}
