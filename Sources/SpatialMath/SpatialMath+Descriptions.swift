// Rounded, readable descriptions of the geometric types (`print(point)`), and exact
// `debugDescription`s (`debugPrint(point)`, the debugger). Lengths of world-space types are in
// metres, rounded to the millimetre; 2D values to 4 fraction digits; angles to 0.01°.

extension Point: CustomStringConvertible, CustomDebugStringConvertible {
  /// `(0.5, 0.25)`, coordinates rounded to 4 fraction digits (units of the point's space).
  public var description: String {
    "(\(DescriptionFormat.number(x, digits: 4)), \(DescriptionFormat.number(y, digits: 4)))"
  }

  /// `Point(x: 0.49999999999999994, y: 0.25)`.
  public var debugDescription: String { "Point(x: \(x), y: \(y))" }
}

extension Size: CustomStringConvertible, CustomDebugStringConvertible {
  /// `390 x 844`, rounded to 4 fraction digits (units of the size's space).
  public var description: String {
    "\(DescriptionFormat.number(width, digits: 4)) x \(DescriptionFormat.number(height, digits: 4))"
  }

  /// `Size(width: 390.0, height: 844.0)`.
  public var debugDescription: String { "Size(width: \(width), height: \(height))" }
}

extension Rect: CustomStringConvertible, CustomDebugStringConvertible {
  /// `(0.3, 0.35) size 0.1 x 0.2`: the origin and size, rounded to 4 fraction digits.
  public var description: String { "\(origin) size \(size)" }

  /// `Rect(x: ..., y: ..., width: ..., height: ...)`, exact.
  public var debugDescription: String {
    "Rect(x: \(origin.x), y: \(origin.y), width: \(size.width), height: \(size.height))"
  }
}

extension AffineTransform2D: CustomStringConvertible, CustomDebugStringConvertible {
  /// `[a 0, b 1, c -1.6231, d 0, tx 1.3115, ty 0]`, rounded to 4 fraction digits.
  public var description: String {
    let f = { (v: Double) in DescriptionFormat.number(v, digits: 4) }
    return "[a \(f(a)), b \(f(b)), c \(f(c)), d \(f(d)), tx \(f(tx)), ty \(f(ty))]"
  }

  /// `AffineTransform2D(a: ..., b: ..., c: ..., d: ..., tx: ..., ty: ...)`, exact.
  public var debugDescription: String {
    "AffineTransform2D(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
  }
}

extension Quaternion: CustomStringConvertible, CustomDebugStringConvertible {
  /// `rotation 90° about (0, 1, 0)` (the angle in 0...180° and the unit axis; `no rotation` for
  /// the identity).
  public var description: String {
    // `angle` is in 0...360°; a turn beyond 180° is the shorter turn the other way.
    var (degrees, unitAxis) = (angle.degrees, axis)
    if degrees > 180 { (degrees, unitAxis) = (360 - degrees, -unitAxis) }
    guard DescriptionFormat.number(degrees, digits: 2) != "0" else { return "no rotation" }
    return "rotation \(Angle(degrees: degrees)) about \(DescriptionFormat.direction(unitAxis))"
  }

  /// `Quaternion(imag: SIMD3<Float>(...), real: ...)`, exact.
  public var debugDescription: String { "Quaternion(imag: \(imag), real: \(real))" }
}

extension RigidTransform: CustomStringConvertible, CustomDebugStringConvertible {
  /// `translation (0, 1.5, 0) m, rotation 90° about (0, 1, 0)`.
  public var description: String {
    "translation \(DescriptionFormat.position(translation)), \(rotation)"
  }

  /// The exact rotation and translation.
  public var debugDescription: String {
    "RigidTransform(rotation: \(rotation.debugDescription), translation: \(translation))"
  }
}

extension Ray: CustomStringConvertible, CustomDebugStringConvertible {
  /// `ray from (0, 1.5, 0) m along (0, 0, -1)`.
  public var description: String {
    "ray from \(DescriptionFormat.position(origin)) along \(DescriptionFormat.direction(direction))"
  }

  /// `Ray(origin: SIMD3<Float>(...), direction: SIMD3<Float>(...))`, exact.
  public var debugDescription: String { "Ray(origin: \(origin), direction: \(direction))" }
}

extension Plane: CustomStringConvertible, CustomDebugStringConvertible {
  /// `plane with normal (0, 1, 0), 1.2 m from the origin` (signed, along the normal).
  public var description: String {
    "plane with normal \(DescriptionFormat.direction(normal)), "
      + "\(DescriptionFormat.meters(distanceFromOrigin)) from the origin"
  }

  /// `Plane(normal: SIMD3<Float>(...), distanceFromOrigin: ...)`, exact.
  public var debugDescription: String {
    "Plane(normal: \(normal), distanceFromOrigin: \(distanceFromOrigin))"
  }
}
