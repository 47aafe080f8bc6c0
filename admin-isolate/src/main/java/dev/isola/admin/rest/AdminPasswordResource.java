package dev.isola.admin.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.isola.admin.auth.PasswordChange;
import dev.isola.admin.auth.PasswordChangeException;

import java.io.IOException;

/**
 * {@code PUT /api/admin/password}: changes the admin password ({@link PasswordChange}). The body
 * gives the current password again and the new one; the answer says whether the copy local
 * tools read was rewritten. Neither password is logged or echoed.
 */
final class AdminPasswordResource {

    private static final System.Logger LOG = System.getLogger("dev.isola.admin");
    private static final int MAX_BODY = 4096;
    private static final String EXAMPLE = "{\"currentPassword\": \"...\", \"newPassword\": \"...\"}";

    /**
     * @param message      what was done
     * @param passwordFile the copy for local tools that holds the new password now, or null
     * @param warning      what could not be done after the change, or null
     */
    record Changed(String message, String passwordFile, String warning) {
    }

    private final PasswordChange change;

    AdminPasswordResource(PasswordChange change) {
        this.change = change;
    }

    ApiResponse change(ApiRequest request) throws IOException {
        JsonNode body = JsonBody.object(request, MAX_BODY, EXAMPLE);
        char[] current = field(body, "currentPassword");
        char[] next = field(body, "newPassword");
        PasswordChange.Done done;
        try {
            done = change.change(current, next);
        } catch (PasswordChangeException e) {
            int status = switch (e.reason()) {
                case UNACCEPTABLE -> 400;
                case WRONG_CURRENT_PASSWORD -> 403;
                case NOT_STORED -> 409;
            };
            LOG.log(System.Logger.Level.WARNING, "admin password change refused (request from " + request.http().getRemoteAddr() + "): "
                    + e.getMessage());
            throw new ApiException(status, e.getMessage());
        }
        LOG.log(System.Logger.Level.INFO, "admin password changed (request from " + request.http().getRemoteAddr() + ")"
                + done.copyUpdated().map(copy -> "; " + copy + " holds the new one").orElse(""));
        done.warning().ifPresent(warning -> LOG.log(System.Logger.Level.WARNING, warning));
        return ApiResponse.ok(new Changed("the admin password is changed; console sessions have ended",
                done.copyUpdated().map(Object::toString).orElse(null), done.warning().orElse(null)));
    }

    private static char[] field(JsonNode body, String name) {
        JsonNode value = body.get(name);
        if (value == null || !value.isTextual() || value.asText().isEmpty()) {
            throw new ApiException(400, "the body needs " + name + " as a non-empty string: " + EXAMPLE);
        }
        return value.asText().toCharArray();
    }
}
