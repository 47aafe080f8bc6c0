<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Your account">
  <c:if test="${param.created == 'true'}"><p class="notice success" role="status">Your account is ready and you are signed on.</p></c:if>
  <h1>Your account</h1>
  <dl class="facts">
    <dt>User id</dt><dd><c:out value="${account.userId}"/></dd>
    <dt>Name</dt><dd><c:out value="${account.firstName}"/> <c:out value="${account.lastName}"/></dd>
    <dt>E-mail</dt><dd><c:out value="${account.email}"/></dd>
    <dt>Phone</dt><dd><c:out value="${empty account.phone ? '–' : account.phone}"/></dd>
    <dt>Favourite category</dt>
    <dd><c:set var="favouriteName" value="No favourite"/><c:forEach var="category" items="${categories}"><c:if test="${category.id == account.profile.favouriteCategory}"><c:set var="favouriteName" value="${category.name}"/></c:if></c:forEach><c:out value="${favouriteName}"/><c:if test="${account.profile.showFavourites}"> (shown on the home page)</c:if></dd>
    <dt>Language</dt>
    <dd><c:forEach var="language" items="${languages}"><c:if test="${language.code == account.profile.language}"><c:out value="${language.name}"/></c:if></c:forEach></dd>
  </dl>
  <div class="addresses">
    <section><h2>Billing address</h2><t:showAddress address="${account.billing}"/></section>
    <section><h2>Shipping address</h2><t:showAddress address="${account.shipping}"/></section>
  </div>
  <p><a href="${ctx}/orders">See your orders</a></p>
</t:page>
