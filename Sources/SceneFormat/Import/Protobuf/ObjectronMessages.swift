/// The parts of Objectron's messages (MediaPipe's `a_r_capture_metadata.proto`,
/// `annotation_data.proto`, `object.proto`, Apache-2.0) the importer reads, decoded from the wire
/// format by field number. Fields not listed are skipped; repeated floats are accepted packed or
/// not. Matrices are as on the wire (row-major).
package enum ObjectronMessages {
  /// `ARCamera`: 1 tracking_state, 2 tracking_state_reason, 3 transform (4x4 row-major), 5/6 image resolution, 7
  /// intrinsics (3x3 row-major).
  package struct Camera: Sendable, Hashable {
    package var trackingState: Int32 = 1
    package var trackingStateReason: Int32 = 1
    package var transform: [Float] = []
    package var imageWidth: Int32 = 0
    package var imageHeight: Int32 = 0
    package var intrinsics: [Float] = []
  }

  /// `ARPlaneAnchor`: 1 identifier, 2 transform (4x4 row-major), 3 alignment, 4 geometry (its 7
  /// boundary_vertices), 5 center, 6 extent, 8 classification.
  package struct Plane: Sendable, Hashable {
    package var identifier = ""
    package var transform: [Float] = []
    package var alignment: Int32 = 0
    package var boundary: [SIMD3<Float>] = []
    package var center = SIMD3<Float>.zero
    package var extent = SIMD3<Float>.zero
    package var classification: Int32 = 0
  }

  /// `ARFrame`: 1 timestamp, 4 camera, 7 plane_anchor, 8 raw_feature_points (2 point, 3
  /// identifier).
  package struct Frame: Sendable, Hashable {
    package var timestamp: Double?
    package var camera: Camera?
    package var planes: [Plane] = []
    package var points: [SIMD3<Float>] = []
    package var identifiers: [Int64] = []
  }

  /// `Object`: 1 id, 2 category, 3 type, 4 rotation (3x3 row-major), 5 translation, 6 scale.
  package struct Object: Sendable, Hashable {
    package var id: Int32 = 0
    package var category = ""
    package var type: Int32 = 0
    package var rotation: [Float] = []
    package var translation: [Float] = []
    package var scale: [Float] = []
  }

  package static func frame(_ reader: inout ProtobufReader) throws(ProtobufError) -> Frame {
    var frame = Frame()
    while let (field, type) = try reader.nextField() {
      switch (field, type) {
      case (1, _): frame.timestamp = try reader.double(type, field: field)
      case (4, .lengthDelimited):
        var nested = try reader.message()
        frame.camera = try camera(&nested)
      case (7, .lengthDelimited):
        var nested = try reader.message()
        frame.planes.append(try plane(&nested))
      case (8, .lengthDelimited):
        var nested = try reader.message()
        while let (inner, innerType) = try nested.nextField() {
          switch (inner, innerType) {
          case (2, .lengthDelimited):
            var point = try nested.message()
            frame.points.append(try vector(&point))
          case (3, _): try nested.appendInt64s(innerType, field: inner, to: &frame.identifiers)
          default: try nested.skip(innerType)
          }
        }
      default: try reader.skip(type)
      }
    }
    return frame
  }

  package static func camera(_ reader: inout ProtobufReader) throws(ProtobufError) -> Camera {
    var camera = Camera()
    while let (field, type) = try reader.nextField() {
      switch field {
      case 1: camera.trackingState = try reader.int32(type, field: field)
      case 2: camera.trackingStateReason = try reader.int32(type, field: field)
      case 3: try reader.appendFloats(type, field: field, to: &camera.transform)
      case 5: camera.imageWidth = try reader.int32(type, field: field)
      case 6: camera.imageHeight = try reader.int32(type, field: field)
      case 7: try reader.appendFloats(type, field: field, to: &camera.intrinsics)
      default: try reader.skip(type)
      }
    }
    return camera
  }

  package static func plane(_ reader: inout ProtobufReader) throws(ProtobufError) -> Plane {
    var plane = Plane()
    while let (field, type) = try reader.nextField() {
      switch (field, type) {
      case (1, .lengthDelimited): plane.identifier = try reader.string()
      case (2, _): try reader.appendFloats(type, field: field, to: &plane.transform)
      case (3, _): plane.alignment = try reader.int32(type, field: field)
      case (4, .lengthDelimited):
        var geometry = try reader.message()
        while let (inner, innerType) = try geometry.nextField() {
          if inner == 7, innerType == .lengthDelimited {
            var vertex = try geometry.message()
            plane.boundary.append(try vector(&vertex))
          } else {
            try geometry.skip(innerType)
          }
        }
      case (5, .lengthDelimited):
        var nested = try reader.message()
        plane.center = try vector(&nested)
      case (6, .lengthDelimited):
        var nested = try reader.message()
        plane.extent = try vector(&nested)
      case (8, _): plane.classification = try reader.int32(type, field: field)
      default: try reader.skip(type)
      }
    }
    return plane
  }

  /// A message `{float x = 1; float y = 2; float z = 3;}` (absent components are 0).
  package static func vector(_ reader: inout ProtobufReader) throws(ProtobufError) -> SIMD3<Float> {
    var v = SIMD3<Float>.zero
    while let (field, type) = try reader.nextField() {
      switch field {
      case 1...3: v[field - 1] = try reader.float(type, field: field)
      default: try reader.skip(type)
      }
    }
    return v
  }

  /// `Sequence`'s objects (field 1); the frame annotations (field 2) are skipped: their
  /// cameras repeat the geometry file's and their keypoints are the objects' projections.
  package static func sequenceObjects(_ reader: inout ProtobufReader) throws(ProtobufError)
    -> [Object]
  {
    var objects: [Object] = []
    while let (field, type) = try reader.nextField() {
      guard field == 1, type == .lengthDelimited else {
        try reader.skip(type)
        continue
      }
      var nested = try reader.message()
      var object = Object()
      while let (inner, innerType) = try nested.nextField() {
        switch (inner, innerType) {
        case (1, _): object.id = try nested.int32(innerType, field: inner)
        case (2, .lengthDelimited): object.category = try nested.string()
        case (3, _): object.type = try nested.int32(innerType, field: inner)
        case (4, _): try nested.appendFloats(innerType, field: inner, to: &object.rotation)
        case (5, _): try nested.appendFloats(innerType, field: inner, to: &object.translation)
        case (6, _): try nested.appendFloats(innerType, field: inner, to: &object.scale)
        default: try nested.skip(innerType)
        }
      }
      objects.append(object)
    }
    return objects
  }
}
