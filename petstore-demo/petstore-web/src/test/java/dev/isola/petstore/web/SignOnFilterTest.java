package dev.isola.petstore.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The return address after sign-on must stay inside the application. */
class SignOnFilterTest {

    @Test
    void acceptsPathsInsideTheApplication() {
        assertTrue(SignOnFilter.isLocalPath("/checkout"));
        assertTrue(SignOnFilter.isLocalPath("/order?id=1001"));
    }

    @Test
    void rejectsAnythingThatCouldLeaveTheSite() {
        assertFalse(SignOnFilter.isLocalPath("https://evil.example/"));
        assertFalse(SignOnFilter.isLocalPath("//evil.example/"));
        assertFalse(SignOnFilter.isLocalPath("/\\evil.example"));
        assertFalse(SignOnFilter.isLocalPath("/orders\r\nSet-Cookie: x=y"));
        assertFalse(SignOnFilter.isLocalPath(""));
    }
}
