package dev.isola.admin.supervise;

import dev.isola.appserver.security.RealmUser;

import java.util.List;

/**
 * A user of a domain's applications as the API and the console show it: never the password's hash.
 *
 * @param groups the user's groups, which are also the user's roles in every application of the domain
 */
public record UserView(String name, List<String> groups) {

    static UserView of(RealmUser user) {
        return new UserView(user.name(), user.groups());
    }
}
