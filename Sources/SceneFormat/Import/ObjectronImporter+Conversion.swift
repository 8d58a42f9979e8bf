import ARSimulation
import SpatialMath

extension ObjectronImporter {
  /// The `Double` that prints as the `Float` does (`0.1`, not `0.10000000149011612`): the wire's
  /// floats are written to the recording as their shortest decimal.
  static func decimal(_ value: Float) -> Double { Double(value.description) ?? Double(value) }

  /// The `Double` vector of a `Float` one, component by component as ``decimal(_:)``.
  static func decimal(_ v: SIMD3<Float>) -> SIMD3<Double> {
    SIMD3(decimal(v.x), decimal(v.y), decimal(v.z))
  }

  /// A row-major `rows x columns` matrix's numbers in column-major order.
  static func columnMajor(rowMajor values: [Float], rows: Int, columns: Int) -> [Double] {
    (0..<columns).flatMap { column in (0..<rows).map { decimal(values[$0 * columns + column]) } }
  }

  /// ARKit's tracking state from `ARCamera.tracking_state` and its reason (the proto's enums:
  /// 1 `UNAVAILABLE`, 2 `LIMITED`, 3 `NORMAL`; reasons 2 `INITIALIZING`, 3 `EXCESSIVE_MOTION`,
  /// 4 `INSUFFICIENT_FEATURES`, 5 `RELOCALIZING`), or `nil` when undefined (0).
  static func trackingState(_ state: Int32, reason: Int32) -> Camera.TrackingState? {
    switch state {
    case 1: return .notAvailable
    case 2:
      let reasons: [Int32: Camera.TrackingState.Reason] = [
        2: .initializing, 3: .excessiveMotion, 4: .insufficientFeatures, 5: .relocalizing,
      ]
      return .limited(reasons[reason] ?? .initializing)
    case 3: return .normal
    default: return nil
    }
  }

  /// One recording frame of a decoded `ARFrame`.
  ///
  /// - Throws: ``InputFileError`` (message only) for a missing timestamp or camera, a matrix of
  ///   the wrong size, or a timestamp not after `previous`.
  static func frame(_ message: ObjectronMessages.Frame, previous: Double?) throws -> RecordingFrame
  {
    func refuse(_ text: String) -> InputFileError { InputFileError(.importFormat, text) }
    guard let timestamp = message.timestamp, timestamp.isFinite else {
      throw refuse("no timestamp (field 1)")
    }
    if let previous, !(timestamp > previous) {
      throw refuse("timestamp \(timestamp) is not after the previous frame's \(previous)")
    }
    guard let camera = message.camera else { throw refuse("no camera (field 4)") }
    guard camera.transform.count == 16 else {
      throw refuse("camera.transform has \(camera.transform.count) numbers, expected 16")
    }
    guard camera.intrinsics.count == 9 else {
      throw refuse("camera.intrinsics has \(camera.intrinsics.count) numbers, expected 9")
    }
    var frame = RecordingFrame(
      timestamp: timestamp,
      camera: RecordingCamera(
        transform: columnMajor(rowMajor: camera.transform, rows: 4, columns: 4),
        intrinsics: columnMajor(rowMajor: camera.intrinsics, rows: 3, columns: 3),
        imageResolution: Size(width: Double(camera.imageWidth), height: Double(camera.imageHeight)),
        trackingState: trackingState(camera.trackingState, reason: camera.trackingStateReason)))
    frame.planes = try message.planes.enumerated().map { index, plane in
      guard plane.transform.count == 16 else {
        throw refuse(
          "plane_anchor[\(index)].transform has \(plane.transform.count) numbers, expected 16")
      }
      let classifications: [Int32: PlaneAnchor.Classification] = [
        1: .wall, 2: .floor, 3: .ceiling, 4: .table, 5: .seat,
      ]
      return RecordingPlane(
        identifier: plane.identifier.isEmpty ? "plane-\(index)" : plane.identifier,
        transform: columnMajor(rowMajor: plane.transform, rows: 4, columns: 4),
        center: decimal(plane.center),
        extent: RecordingPlaneExtent(
          width: decimal(plane.extent.x), height: decimal(plane.extent.z)),
        boundary: plane.boundary.map { decimal($0) },
        alignment: plane.alignment == 2 ? .vertical : .horizontal,
        classification: classifications[plane.classification] ?? .none)
    }
    if !message.points.isEmpty {
      let identifiers =
        message.identifiers.count == message.points.count
        ? message.identifiers.map { UInt64(bitPattern: $0) } : nil
      frame.featurePoints = RecordingFeaturePoints(
        points: message.points.map { decimal($0) }, identifiers: identifiers)
    }
    return frame
  }

  /// A truth object of an annotated box.
  static func truthObject(_ object: ObjectronMessages.Object) throws -> RecordingTruthObject {
    for (name, values, count) in [
      ("rotation", object.rotation, 9), ("translation", object.translation, 3),
      ("scale", object.scale, 3),
    ] where values.count != count {
      throw InputFileError(
        .importFormat, "\(name) has \(values.count) numbers, expected \(count)")
    }
    let label = object.category.isEmpty ? "object" : object.category
    return RecordingTruthObject(
      id: "\(label)-\(object.id)", label: label,
      position: SIMD3(object.translation.map(decimal)),
      size: SIMD3(object.scale.map(decimal)),
      extras: [
        "rotation": .array(
          columnMajor(rowMajor: object.rotation, rows: 3, columns: 3).map { .number($0) })
      ])
  }
}
