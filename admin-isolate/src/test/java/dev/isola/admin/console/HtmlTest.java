package dev.isola.admin.console;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlTest {

    @Test
    void valuesAreEscapedForTextAndAttributes() {
        Html.Raw row = Html.t("<td title=\"{}\">{}</td>", "a\"b'c", "<script>alert('x') & more</script>");
        assertEquals("<td title=\"a&quot;b&#39;c\">&lt;script&gt;alert(&#39;x&#39;) &amp; more&lt;/script&gt;</td>", row.html());
    }

    @Test
    void rawFragmentsAreKeptAndNullsAreWrittenAsText() {
        Html.Raw inner = Html.t("<b>{}</b>", "<i>");
        assertEquals("<p><b>&lt;i&gt;</b> null</p>", Html.t("<p>{} {}</p>", inner, null).html());
        assertEquals("<b>1</b><b>2</b>", Html.join(java.util.List.of(Html.t("<b>{}</b>", 1), Html.t("<b>{}</b>", 2))).html());
    }

    @Test
    void aTemplateAndItsValuesMustMatch() {
        IllegalArgumentException tooFew = assertThrows(IllegalArgumentException.class, () -> Html.t("<p>{} {}</p>", "one"));
        assertTrue(tooFew.getMessage().contains("more {} than the 1 values"), tooFew.getMessage());
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class, () -> Html.t("<p>{}</p>", "one", "two"));
        assertTrue(tooMany.getMessage().contains("1 {} for 2 values"), tooMany.getMessage());
    }

    @Test
    void pathSegmentsAreEncoded() {
        assertEquals("a%2Fb%20c%3C", Html.path("a/b c<"));
    }
}
