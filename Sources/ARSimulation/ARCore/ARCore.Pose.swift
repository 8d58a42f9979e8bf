import SpatialMath

extension ARCore {
  /// A rigid transform from a local frame to the world (`com.google.ar.core.Pose`): a translation
  /// in metres and a unit rotation quaternion, stored in ARCore's order `(qx, qy, qz, qw)`.
  public struct Pose: Sendable, Hashable {
    /// `worldFromLocal` as a rigid transform.
    public let worldFromLocal: RigidTransform

    /// Creates a pose from a translation (metres) and a unit rotation.
    public init(translation: SIMD3<Float>, rotation: Quaternion) {
      worldFromLocal = RigidTransform(rotation: rotation, translation: translation)
    }

    /// Creates a pose from a rigid transform.
    public init(_ worldFromLocal: RigidTransform) { self.worldFromLocal = worldFromLocal }

    /// The pose whose local axes are the columns `x`, `y`, `z` (orthonormal, right-handed) at
    /// `translation`.
    ///
    /// - Throws: ``ARCoreError/axesNotARotation`` when they are not a rotation.
    public init(
      xAxis x: SIMD3<Float>, yAxis y: SIMD3<Float>, zAxis z: SIMD3<Float>,
      translation: SIMD3<Float>
    ) throws(ARCoreError) {
      guard let rotation = try? Quaternion(rotationMatrix: Matrix3x3(x, y, z)) else {
        throw .axesNotARotation
      }
      self.init(translation: translation, rotation: rotation)
    }

    /// The identity pose.
    public static let identity = Pose(.identity)

    /// `getTranslation()`: the position in world space, metres.
    public var translation: SIMD3<Float> { worldFromLocal.translation }
    /// `getRotationQuaternion()`: `(qx, qy, qz, qw)`.
    public var rotationQuaternion: SIMD4<Float> { worldFromLocal.rotation.vector }
    /// `getXAxis()`: the local +x axis in world space (unit).
    public var xAxis: SIMD3<Float> { worldFromLocal.transformDirection(SIMD3(1, 0, 0)) }
    /// `getYAxis()`: the local +y axis in world space (unit).
    public var yAxis: SIMD3<Float> { worldFromLocal.transformDirection(SIMD3(0, 1, 0)) }
    /// `getZAxis()`: the local +z axis in world space (unit).
    public var zAxis: SIMD3<Float> { worldFromLocal.transformDirection(SIMD3(0, 0, 1)) }
    /// `toMatrix()`: the column-major 4x4 matrix.
    public var matrix: Matrix4x4 { worldFromLocal.matrix }
    /// `inverse()`: `localFromWorld`.
    public var inverse: Pose { Pose(worldFromLocal.inverse) }

    /// `transformPoint(point)`: a local point in world space.
    public func transformPoint(_ point: SIMD3<Float>) -> SIMD3<Float> {
      worldFromLocal.transformPoint(point)
    }

    /// `compose(rhs)`: `self * rhs` (apply `rhs` first).
    public func compose(_ rhs: Pose) -> Pose { Pose(worldFromLocal * rhs.worldFromLocal) }
  }
}
