package dev.isola.admin.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.isola.admin.supervise.RealmUsers;
import dev.isola.admin.supervise.Supervisor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code /api/domains/{domain}/users}: the users of a domain's applications (its file realm,
 * {@link RealmUsers}), listed, created, changed and deleted, whether the domain runs or not; a
 * running domain takes a change at once. Answers never hold a password or its hash.
 */
final class UsersResource {

    /** Ample for a name, a password of bcrypt's 72 bytes and a few hundred groups. */
    private static final int MAX_BODY = 16 * 1024;
    private static final String NEW_USER = "{\"name\": \"alice\", \"password\": \"...\", \"groups\": [\"customers\", \"staff\"]}";
    private static final String CHANGE = "{\"password\": \"...\", \"groups\": [\"customers\"]}, either or both";

    private final Supervisor supervisor;

    UsersResource(Supervisor supervisor) {
        this.supervisor = supervisor;
    }

    ApiResponse list(ApiRequest request) {
        return ApiResponse.ok(users(request).list());
    }

    ApiResponse get(ApiRequest request) {
        return ApiResponse.ok(users(request).get(request.path("user")));
    }

    /** The body is {@value #NEW_USER}; {@code groups} may be left out (a user in no group). */
    ApiResponse create(ApiRequest request) throws IOException {
        RealmUsers users = users(request);
        ObjectNode body = JsonBody.object(request, MAX_BODY, NEW_USER);
        JsonBody.onlyFields(body, Set.of("name", "password", "groups"), NEW_USER);
        String name = JsonBody.text(body, "name", NEW_USER);
        char[] password = JsonBody.text(body, "password", NEW_USER).toCharArray();
        List<String> groups = body.has("groups") ? groups(body.get("groups"), NEW_USER) : List.of();
        return ApiResponse.created(users.create(name, password, groups));
    }

    /** The body is {@value #CHANGE}: what it leaves out stays as it is; {@code "groups": []} leaves the user in no group. */
    ApiResponse update(ApiRequest request) throws IOException {
        RealmUsers users = users(request);
        ObjectNode body = JsonBody.object(request, MAX_BODY, CHANGE);
        JsonBody.onlyFields(body, Set.of("password", "groups"), CHANGE);
        Optional<char[]> password = body.has("password") ? Optional.of(JsonBody.text(body, "password", CHANGE).toCharArray()) : Optional.empty();
        Optional<List<String>> groups = body.has("groups") ? Optional.of(groups(body.get("groups"), CHANGE)) : Optional.empty();
        return ApiResponse.ok(users.update(request.path("user"), password, groups));
    }

    ApiResponse delete(ApiRequest request) {
        String domain = request.path("domain");
        String user = request.path("user");
        users(request).delete(user);
        return ApiResponse.ok(new DomainsResource.Message("user " + user + " deleted from domain " + domain));
    }

    /** The domain's users; an unknown domain is a 404 before the body is read. */
    private RealmUsers users(ApiRequest request) {
        return supervisor.domain(request.path("domain")).users();
    }

    private static List<String> groups(JsonNode value, String example) {
        if (!value.isArray()) {
            throw new ApiException(400, "groups must be an array of group names: " + example);
        }
        List<String> groups = new ArrayList<>();
        for (JsonNode group : value) {
            if (!group.isTextual()) {
                throw new ApiException(400, "groups must be an array of group names, not holding " + group + ": " + example);
            }
            groups.add(group.textValue());
        }
        return groups;
    }
}
