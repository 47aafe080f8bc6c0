package dev.isola.petstore.web;

import dev.isola.petstore.account.Address;
import jakarta.servlet.http.HttpServletRequest;

/** Reads form fields; absent parameters read as empty strings, never as null. */
final class Forms {
    private Forms() {
    }

    static String param(HttpServletRequest request, String name) {
        String value = request.getParameter(name);
        return value == null ? "" : value.strip();
    }

    /** Whether a checkbox named {@code name} was ticked. */
    static boolean checked(HttpServletRequest request, String name) {
        return request.getParameter(name) != null;
    }

    /** The address fields {@code <prefix>.firstName} ... {@code <prefix>.country}. */
    static Address address(HttpServletRequest request, String prefix) {
        return new Address(param(request, prefix + ".firstName"), param(request, prefix + ".lastName"),
                param(request, prefix + ".street1"), param(request, prefix + ".street2"),
                param(request, prefix + ".city"), param(request, prefix + ".state"),
                param(request, prefix + ".zip"), param(request, prefix + ".country"));
    }

    /** A whole number, or null when the text is not one (so the caller can name the field). */
    static Integer wholeNumber(String text) {
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
