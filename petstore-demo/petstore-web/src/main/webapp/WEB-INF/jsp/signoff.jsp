<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Sign off">
  <h1>Sign off</h1>
  <form action="${ctx}/signoff" method="post" class="narrow">
    <p>Signing off empties your cart.</p>
    <button type="submit">Sign off</button>
  </form>
</t:page>
