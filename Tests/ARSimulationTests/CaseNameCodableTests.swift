import ARSimulation
import Foundation
import Testing

@Suite("Case names")
struct CaseNameCodableTests {
  @Test("Unknown names are refused with the list of valid names and the coding path")
  func unknownName() {
    struct Holder: Decodable { let vision: Vision }
    struct Vision: Decodable { let cropAndScale: ImageCropAndScaleOption }
    let json = #"{"vision": {"cropAndScale": "centreCrop"}}"#
    do {
      _ = try JSONDecoder().decode(Holder.self, from: Data(json.utf8))
      Issue.record("an unknown crop name was accepted")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.codingPath.map(\.stringValue) == ["vision", "cropAndScale"])
      #expect(context.debugDescription.contains("\"centreCrop\""))
      #expect(context.debugDescription.contains("centerCrop, scaleFit, scaleFill"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("Names round-trip", arguments: InterfaceOrientation.allCases)
  func roundTrip(orientation: InterfaceOrientation) {
    #expect(InterfaceOrientation(name: orientation.name) == orientation)
  }

  @Test("Display rotations (clockwise, CoordinateSpaces article)")
  func rotations() {
    #expect(InterfaceOrientation.landscapeRight.displayRotation.degrees == 0)
    #expect(InterfaceOrientation.portrait.displayRotation.degrees == 90)
    #expect(InterfaceOrientation.landscapeLeft.displayRotation.degrees == 180)
    #expect(InterfaceOrientation.portraitUpsideDown.displayRotation.degrees == 270)
  }
}
