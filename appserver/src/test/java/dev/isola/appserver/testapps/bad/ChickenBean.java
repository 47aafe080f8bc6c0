package dev.isola.appserver.testapps.bad;

import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;

@Singleton
@DependsOn("EggBean")
public class ChickenBean {
    public void cluck() {
    }
}
