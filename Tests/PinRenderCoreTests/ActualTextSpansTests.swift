import Testing
@testable import PinRenderCore

/// Text spans of a content stream labelled with their text as written.
@Suite struct ActualTextSpansTests {
    func label(_ content: String, _ texts: [String]) -> String {
        String(decoding: ActualTextSpans.label(Array(content.utf8), texts: texts), as: UTF8.self)
    }

    @Test func spansGetTheirTextInDrawingOrder() {
        let content = "q /Span << /MCID 0 >> BDC BT <0102> Tj ET EMC\n/Span <</MCID 1>>BDC BT (x) Tj ET EMC Q"
        #expect(label(content, ["Hi 👍🏽", "Привет 🙂"])
                == "q /Span << /ActualText <FEFF004800690020D83DDC4DD83CDFFD> >> BDC BT <0102> Tj ET EMC\n"
                + "/Span << /ActualText <FEFF041F044004380432043504420020D83DDE42> >>BDC BT (x) Tj ET EMC Q")
    }

    @Test func nestedActualTextIsDroppedAndStringsAreNotOperators() {
        // Cairo's own span for an invisible mark, inside ours; a string holding "EMC" and ">>".
        let content = "/Span << /MCID 0 >> BDC (a EMC \\) >> BDC) Tj /Span << /ActualText <feff200e> >> BDC <03> Tj EMC (b) Tj EMC "
            + "/Span << /ActualText <feff2068> >> BDC EMC"
        #expect(label(content, ["a🙂"])
                == "/Span << /ActualText <FEFF0061D83DDE42> >> BDC (a EMC \\) >> BDC) Tj /Span BMC <03> Tj EMC (b) Tj EMC "
                + "/Span << /ActualText <feff2068> >> BDC EMC", "the span outside ours keeps its text")
    }

    @Test func textWithoutEmojiRightToLeftTextAndSpansPastTheTextsAreLeftToTheirGlyphs() {
        let content = "/Span << /MCID 0 >> BDC EMC /Span << /MCID 1 >> BDC EMC /Span << /MCID 2 >> BDC EMC "
            + "/Span << /MCID 3 >> BDC EMC"
        // Hebrew and plain text are left to their glyphs; bidi marks and isolates are not
        // part of the text as written.
        #expect(label(content, ["שלום 👍", "\u{200E}#1 · \u{2068}Léa 🎨\u{2069}", "Léa"])
                == "/Span << /MCID 0 >> BDC EMC /Span << /ActualText <FEFF00230031002000B70020004C00E900610020D83CDFA8> >> BDC EMC "
                + "/Span << /MCID 2 >> BDC EMC /Span << /MCID 3 >> BDC EMC")
    }
}
