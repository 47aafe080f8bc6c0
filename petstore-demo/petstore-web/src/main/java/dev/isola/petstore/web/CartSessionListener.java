package dev.isola.petstore.web;

import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;

/** Removes the stateful cart of an HTTP session that expires or is invalidated. */
@WebListener
public class CartSessionListener implements HttpSessionListener {

    @Override
    public void sessionDestroyed(HttpSessionEvent event) {
        ShoppingCarts.release(event.getSession());
    }
}
