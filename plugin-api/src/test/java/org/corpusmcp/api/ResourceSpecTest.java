package org.corpusmcp.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResourceSpecTest {

  static final ResourceReader NOTHING = request -> List.of();

  @Test
  void aResourceNeedsAnAbsoluteUriANameAndAReader() {
    for (String bad : List.of("relative/path", "no scheme", "")) {
      assertThrows(IllegalArgumentException.class, () -> ResourceSpec.builder(bad, "n"), bad);
    }
    assertThrows(IllegalArgumentException.class, () -> ResourceSpec.builder("docs://a", " "));
    assertThrows(NullPointerException.class, () -> ResourceSpec.builder("docs://a", "a").build());
    ResourceSpec spec = ResourceSpec.builder("docs://a", "a").reader(NOTHING).build();
    assertEquals("a", spec.title());
    assertNull(spec.description());
    assertNull(spec.mimeType());
    assertEquals("Policy", spec.toBuilder().title("Policy").build().title());
  }

  @Test
  void aTemplateNamesItsVariablesInOrder() {
    ResourceTemplateSpec spec =
        ResourceTemplateSpec.builder("docs://{library}/pages/{title}", "page")
            .reader(NOTHING)
            .build();
    assertEquals(List.of("library", "title"), spec.variables());
    assertEquals("page", spec.title());
  }

  @Test
  void aTemplateTheHostCannotMatchIsRefused() {
    for (String bad :
        List.of(
            "docs://pages/fixed", // no variable: a plain resource
            "docs://{+path}", // an RFC 6570 operator
            "docs://{a,b}", // a list
            "docs://{a}/{a}", // one variable twice
            "docs://{a", // unbalanced
            "pages/{a}")) { // not absolute
      assertThrows(
          IllegalArgumentException.class, () -> ResourceTemplateSpec.builder(bad, "t"), bad);
    }
  }

  @Test
  void onlyATemplatesOwnVariablesTakeACompletionHandler() {
    CompletionHandler titles = request -> List.of("Alps");
    ResourceTemplateSpec spec =
        ResourceTemplateSpec.builder("docs://{library}/pages/{title}", "page")
            .reader(NOTHING)
            .complete("title", titles)
            .build();
    assertEquals(Map.of("title", titles), spec.completions());
    assertEquals(spec.completions(), spec.toBuilder().build().completions());
    assertThrows(
        IllegalArgumentException.class,
        () -> ResourceTemplateSpec.builder("docs://{title}", "t").complete("page", titles));
    assertThrows(
        UnsupportedOperationException.class, () -> spec.completions().put("library", titles));
  }

  @Test
  void contentsAreTextOrBytesAndBytesAreCopied() {
    ResourceContents text = ResourceContents.text("docs://a", "text/markdown", "# A");
    assertTrue(text.isText());
    assertEquals("# A", text.text());
    assertThrows(IllegalStateException.class, text::blob);

    byte[] data = {1, 2, 3};
    ResourceContents blob = ResourceContents.blob("docs://b", null, data);
    data[0] = 9;
    assertFalse(blob.isText());
    assertArrayEquals(new byte[] {1, 2, 3}, blob.blob());
    blob.blob()[1] = 9;
    assertArrayEquals(new byte[] {1, 2, 3}, blob.blob());
    assertThrows(IllegalStateException.class, blob::text);
    assertEquals(ResourceContents.blob("docs://b", null, new byte[] {1, 2, 3}), blob);
  }

  @Test
  void aRequestKnowsItsVariables() {
    ResourceRequest request = new ResourceRequest("docs://p/A%20B", Map.of("title", "A B"));
    assertEquals("A B", request.variable("title"));
    assertNull(request.variable("other"));
    assertEquals(Map.of(), ResourceRequest.of("docs://a").variables());
  }
}
